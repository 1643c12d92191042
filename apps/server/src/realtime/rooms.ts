/** Room names, computed on the server only: a client never names a room, it asks to join and we decide. */
export const rooms = {
  company: (companyId: number) => `company-${companyId}`,
  admins: (companyId: number) => `company-${companyId}-admins`,
  user: (userId: number) => `user-${userId}`,
  session: (sessionId: string) => `session-${sessionId}`,
  notification: (companyId: number) => `company-${companyId}-notification`,
  ticketsStatus: (companyId: number, status: string) => `company-${companyId}-tickets-${status}`,
  ticket: (companyId: number, ticketId: number) => `company-${companyId}-ticket-${ticketId}`,
  /** Users of a queue: its tickets' events. */
  queue: (companyId: number, queueId: number) => `company-${companyId}-queue-${queueId}`,
  /** Users who see tickets without a queue (allTicket enabled). */
  noQueue: (companyId: number) => `company-${companyId}-no-queue`,
  /** Admins with the simulator page open (joinSimulator): its virtual customers' traffic. */
  simulator: (companyId: number) => `company-${companyId}-simulator-watchers`,
  /** Billing-only sockets (an expired company's admins): the payment event reaches them here. */
  billing: (companyId: number) => `company-${companyId}-billing`,
};
